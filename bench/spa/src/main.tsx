// Entry of the client-rendered peer: one bundle, routes rendered in the browser.
import 'virtual:bench-site.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Layout } from './Layout';
import Article from './pages/Article';
import BlogList from './pages/BlogList';
import Home from './pages/Home';
import PageHero from './pages/PageHero';

const root = document.getElementById('root');
if (!root) throw new Error('#root ausente');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Layout>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/blog" element={<BlogList />} />
          <Route path="/blog/:slug" element={<Article />} />
          <Route path="*" element={<PageHero title="Página não encontrada" />} />
        </Routes>
      </Layout>
    </BrowserRouter>
  </StrictMode>,
);
